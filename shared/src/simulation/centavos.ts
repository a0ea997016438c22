/**
 * Integer-centavo arithmetic. Products such as T × (T − d) pass 2^53 for debts of a few million reais,
 * so the multiplications go through BigInt and only the rounded result comes back as a number.
 */

function halfUpDiv(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/** round_half_up(a × b ÷ c) for non-negative safe integers, exact. */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  if (c <= 0) throw new RangeError('divisor must be positive');
  return Number(halfUpDiv(BigInt(a) * BigInt(b), BigInt(c)));
}

/** A percentage such as 6 or 6.5 as an exact fraction of 100, so that 6.5 % is 65/1000 and not a float. */
function percentFraction(percent: number): [bigint, bigint] {
  for (let scale = 1, digits = 0; digits <= 6; digits += 1, scale *= 10) {
    const scaled = percent * scale;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-9) return [BigInt(Math.round(scaled)), BigInt(100 * scale)];
  }
  throw new RangeError(`percentage with more than 6 decimals: ${percent}`);
}

/** round_half_up(centavos × percent ÷ 100). */
export function percentOf(centavos: number, percent: number): number {
  const [num, den] = percentFraction(percent);
  return Number(halfUpDiv(BigInt(centavos) * num, den));
}

export interface Split {
  regular: number;
  last: number;
}

/**
 * Splits an amount into `count` monthly payments: each one is amount ÷ count rounded half-up and the
 * last absorbs the remainder. For amounts of a few centavos over many months that rule would push the
 * last payment below zero, so the regular payment is held at floor(amount ÷ (count − 1)).
 */
export function splitInstallments(amount: number, count: number): Split {
  if (count < 1) throw new RangeError('count must be at least 1');
  if (count === 1) return { regular: amount, last: amount };
  const regular = Math.min(mulDivHalfUp(amount, 1, count), Math.floor(amount / (count - 1)));
  return { regular, last: amount - regular * (count - 1) };
}
