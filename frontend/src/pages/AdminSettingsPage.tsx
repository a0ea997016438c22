/** Placeholder until its issue's screen lands. */
export function AdminSettingsPage() {
  return <div className="page"><h1>Em construção</h1></div>;
}
