/** A month as pay writes it: "2025-09-01" or "2025-09" → "9/2025". */
export function monthLabel(iso: string): string {
  return `${Number(iso.slice(5, 7))}/${iso.slice(0, 4)}`;
}

/** A salary coefficient as payroll sheets write it: "4.68" → "4,68", "3" → "3,00". */
export function formatCoefficient(value: string): string {
  const [whole, frac = ''] = value.split('.');
  return `${whole},${frac.padEnd(2, '0')}`;
}
