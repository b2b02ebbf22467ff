/** A status as a coloured chip: `tone` picks the colour (active, inactive, suspended...). */
export function StatusChip({ tone, label }: { tone: string; label: string }) {
  return <span className={`chip status-chip status-chip--${tone}`}>{label}</span>;
}
