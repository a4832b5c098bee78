// The seed palette. Text colours on white meet WCAG AA (4.5:1) for normal text.
export const palette = {
  primary: '#14213d', // dark navy
  secondary: '#0f766e', // teal
  accent: '#9c4f82', // mauve
  dark: '#1d1d1f',
  darkPage: '#0b1426',
  positive: '#1a7f37', // green
  negative: '#c0262d', // red
  info: '#0e7490', // cyan
  warning: '#b45309', // orange
  surface: '#ffffff',
  page: '#f5f6fa',
  border: '#c9cdd8',
  muted: '#5b6275',
  text: '#1d1d1f',
  onPrimary: '#ffffff',
} as const;
