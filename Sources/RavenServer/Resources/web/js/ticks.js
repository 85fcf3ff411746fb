// Axis ticks at round values: one rule for every chart that picks its own ticks (the price
// line's come from the server).

/** The step between ticks: the smallest 1, 2 or 5 × 10ⁿ that is at least `raw`. */
export function tickStep(raw) {
  const p = 10 ** Math.floor(Math.log10(raw || 1));
  const f = raw / p;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;
}
