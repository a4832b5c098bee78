import { palette } from '@/domain/palette';

export const theme = {
  colors: palette,
  radius: { sm: '4px', md: '8px', lg: '16px', pill: '999px' },
  space: (n: number) => `${n * 4}px`,
  font: {
    family: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    size: { sm: '0.875rem', md: '1rem', lg: '1.25rem', xl: '1.75rem', xxl: '2.5rem' },
  },
  focusRing: `0 0 0 3px ${palette.surface}, 0 0 0 5px ${palette.info}`,
  breakpoints: { phone: '640px', tablet: '960px' },
  shadow: '0 1px 3px rgba(20, 33, 61, 0.12), 0 4px 12px rgba(20, 33, 61, 0.08)',
} as const;

export type Theme = typeof theme;
