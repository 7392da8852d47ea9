/**
 * The screens a screenshot walk covers. With SCREENSHOTS_DIR set, every size in light and dark
 * (each saved there); without it, one phone in dark, so the walk still checks its screens.
 */
export const SHOTS = process.env.SCREENSHOTS_DIR;

export const SIZES = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const;

export const COMBOS = SHOTS
  ? SIZES.flatMap((s) => (['light', 'dark'] as const).map((scheme) => [s, scheme] as const))
  : ([[SIZES[0], 'dark']] as const);
