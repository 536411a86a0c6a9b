/** A salary coefficient as payroll sheets write it: "4.68" → "4,68", "3" → "3,00". */
export function formatCoefficient(value: string): string {
  const [whole, frac = ''] = value.split('.');
  return `${whole},${frac.padEnd(2, '0')}`;
}
