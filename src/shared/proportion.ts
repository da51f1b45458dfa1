// Money split in proportion to weights, to the cent, the parts adding up: the lines of a payment's
// document and the tourist tax within a payment or a refund are cut the same way.

/**
 * `amount` split over `weights` in proportion, each part whole, the parts adding up to `amount`
 * (largest remainder: the cents lost to rounding go to the largest fractions, earliest first).
 */
export function proportion(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const exact = weights.map((w) => (amount * w) / total);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left--;
  }
  return parts;
}
