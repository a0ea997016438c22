/** Placeholder until its issue's screen lands. */
export function AdminPlansPage() {
  return <div className="page"><h1>Em construção</h1></div>;
}
