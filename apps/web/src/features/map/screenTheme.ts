import type { MapColours } from './WorldMap';

/** The wall display's dark palette; the brand colour marks the activity. */
export function screenColours(brandColour: string) {
  const map: MapColours = {
    sea: '#0a1322',
    land: '#1b2a40',
    border: '#0a1322',
    graticule: '#13203a',
    city: brandColour,
    label: '#e6edf7',
  };
  return {
    map,
    page: '#060d18',
    panel: '#0d1a2d',
    panelBorder: '#1c2d48',
    text: '#e6edf7',
    muted: '#8da2c0',
    accent: brandColour,
  };
}
export type ScreenColours = ReturnType<typeof screenColours>;

/** The display's design size: a 1920 × 1080 wall screen, scaled to fit any other. */
export const SCREEN_WIDTH = 1920;
export const SCREEN_HEIGHT = 1080;

/** How much the 1920 × 1080 design is scaled to fit a window of this size, whole and centred. */
export function screenScale(width: number, height: number): number {
  return Math.min(width / SCREEN_WIDTH, height / SCREEN_HEIGHT);
}
