import {
  CAPAG_OPTIONS,
  DEBTOR_SIZE_OPTIONS,
  DEFAULT_SIMULATION_SETTINGS,
  DISCOUNT_INPUT_MAX_LENGTH,
  INSTALLMENTS_HELP,
  ENTRY_BASE_OPTIONS,
  SimulatorChoices,
  SimulatorField,
  SimulatorInput,
  formatCentavos,
  formatPercent,
  minimumInstallmentFor,
  paramsWithChoices,
  resolveParams,
  validateSimulatorInput,
  type AdjustedParam,
  type DebtorSizeSuggestion,
} from '@cda/shared';

interface Props {
  idPrefix: string;
  input: SimulatorInput;
  choices: SimulatorChoices;
  errors: Partial<Record<SimulatorField | 'entryMonths', string>>;
  disabled?: boolean;
  suggestion?: DebtorSizeSuggestion;
  onInput(field: SimulatorField, value: string): void;
  onChoice(next: SimulatorChoices): void;
}

/**
 * The simulation's inputs, the same on the simulator and on the analysis page: discount, instalments,
 * debtor size (with the suggestion read from the certificates), CAPAG, entry base and months. Each box
 * shows its legal limit for the chosen size, and what the simulation will apply when the request
 * passes it (the server applies the same rules and answers what it capped).
 */
export function SimulationFields({ idPrefix, input, choices, errors, disabled, suggestion, onInput, onChoice }: Props) {
  const settings = DEFAULT_SIMULATION_SETTINGS;
  const small = choices.debtorSize !== 'general';
  const noDiscount = choices.capag === 'A' || choices.capag === 'B';
  const discountCap = noDiscount ? 0 : small ? settings.discountCapSmall : settings.discountCapGeneral;
  const termOther = small ? settings.termCapSmall : settings.termCapGeneral;
  const entryCap = small ? 12 : 6;
  const preview = previewAdjustments(input, choices);
  const capNote = (param: AdjustedParam) => preview.find((a) => a.param === param);

  const text = (name: SimulatorField, label: string, help: string, limit: string, opts: { suffix?: string; maxLength: number; inputMode: 'decimal' | 'numeric' }, param: AdjustedParam) => {
    const note = capNote(param);
    return (
      <div className="field">
        <label htmlFor={`${idPrefix}-${name}`}>{label}</label>
        <span className="suffix-input">
          <input
            id={`${idPrefix}-${name}`}
            name={name}
            value={input[name]}
            inputMode={opts.inputMode}
            maxLength={opts.maxLength}
            disabled={disabled}
            aria-invalid={errors[name] ? true : undefined}
            aria-describedby={`${idPrefix}-${name}-help`}
            onChange={(e) => onInput(name, e.target.value)}
          />
          {opts.suffix && <span aria-hidden="true">{opts.suffix}</span>}
        </span>
        <span id={`${idPrefix}-${name}-help`} className={errors[name] ? 'error-text' : 'muted small'}>{errors[name] ?? help}</span>
        <span className="muted small" data-testid="legal-limit">{limit}</span>
        {note && !errors[name] && <span className="cap-note" data-testid="cap-preview">{note.message}</span>}
      </div>
    );
  };

  return (
    <div className="settings-grid">
      {text('discount', 'Desconto pretendido', 'Até 100%, com até 2 casas decimais', `Limite legal: ${formatPercent(discountCap)}${noDiscount ? ' (CAPAG A/B)' : ''}`, { suffix: '%', maxLength: DISCOUNT_INPUT_MAX_LENGTH, inputMode: 'decimal' }, 'discount')}
      {text('installmentsSocialSecurity', 'Parcelas previdenciárias', INSTALLMENTS_HELP, `Limite legal: ${settings.termCapSocialSecurity} meses (CF, art. 195, §11)`, { maxLength: 3, inputMode: 'numeric' }, 'installmentsSocialSecurity')}
      {text('installmentsOther', 'Parcelas demais débitos', INSTALLMENTS_HELP, `Limite legal: ${termOther} meses para este porte`, { maxLength: 3, inputMode: 'numeric' }, 'installmentsOther')}
      <div className="field">
        <label htmlFor={`${idPrefix}-debtorSize`}>Porte do devedor</label>
        <select id={`${idPrefix}-debtorSize`} value={choices.debtorSize} disabled={disabled} onChange={(e) => onChoice({ ...choices, debtorSize: e.target.value as SimulatorChoices['debtorSize'] })}>
          {DEBTOR_SIZE_OPTIONS.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
        {suggestion && (
          <span className="muted small" data-testid="size-suggestion">
            Sugerido pelos dados: <strong>{DEBTOR_SIZE_OPTIONS.find((o) => o.value === suggestion.size)?.label}</strong>. {suggestion.reason}{' '}
            {suggestion.size !== choices.debtorSize && !disabled && (
              <button type="button" className="link" onClick={() => onChoice({ ...choices, debtorSize: suggestion.size })}>Usar sugestão</button>
            )}
          </span>
        )}
        <span className="muted small">Parcela mínima: {formatCentavos(minimumInstallmentFor(choices.debtorSize, settings.minimumInstallment))}</span>
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-capag`}>CAPAG</label>
        <select id={`${idPrefix}-capag`} value={choices.capag} disabled={disabled} onChange={(e) => onChoice({ ...choices, capag: e.target.value as SimulatorChoices['capag'] })}>
          {CAPAG_OPTIONS.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
        <span className="muted small">Capacidade de pagamento (Regularize). A e B não têm desconto.</span>
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-entryBase`}>Base da entrada</label>
        <select id={`${idPrefix}-entryBase`} value={choices.entryBase} disabled={disabled} onChange={(e) => onChoice({ ...choices, entryBase: e.target.value as SimulatorChoices['entryBase'] })}>
          {ENTRY_BASE_OPTIONS.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-entryMonths`}>Meses de entrada</label>
        <input
          id={`${idPrefix}-entryMonths`}
          value={choices.entryMonths}
          inputMode="numeric"
          maxLength={2}
          placeholder={String(settings.entryMonths)}
          disabled={disabled}
          aria-invalid={errors.entryMonths ? true : undefined}
          onChange={(e) => onChoice({ ...choices, entryMonths: e.target.value.replace(/\D/g, '') })}
        />
        <span className={errors.entryMonths ? 'error-text' : 'muted small'}>{errors.entryMonths ?? `Até ${entryCap} meses para este porte`}</span>
        {capNote('entryMonths') && <span className="cap-note" data-testid="cap-preview">{capNote('entryMonths')!.message}</span>}
      </div>
    </div>
  );
}

/** What the simulation will cap, computed as the server will (the edital settings may differ: the answer says). */
function previewAdjustments(input: SimulatorInput, choices: SimulatorChoices) {
  const checked = validateSimulatorInput(input);
  if (!checked.ok) return [];
  const withChoices = paramsWithChoices(checked.params, choices);
  if (!withChoices.ok) return [];
  try {
    return resolveParams(withChoices.params, DEFAULT_SIMULATION_SETTINGS).adjustments;
  } catch {
    return [];
  }
}
