/** Dates, durations and percentages in the console's language (zh_CN is the BCP 47 tag zh-CN). */

export function intlTag(language: string): string {
  return language.replace('_', '-');
}

export function formatDateTime(ms: number, language: string): string {
  return new Intl.DateTimeFormat(intlTag(language), { dateStyle: 'medium', timeStyle: 'medium' }).format(ms);
}

/** A whole percentage (0 to 100), as the language writes it: 80 %, %80, 80%. */
export function formatPercent(percent: number, language: string): string {
  return new Intl.NumberFormat(intlTag(language), { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
}

/** A length of time in hours, minutes and seconds (the larger units only when present). */
export function formatDuration(ms: number, language: string): string {
  const total = Math.round(Math.abs(ms) / 1000);
  const parts: [number, 'hour' | 'minute' | 'second'][] = [
    [Math.floor(total / 3600), 'hour'],
    [Math.floor((total % 3600) / 60), 'minute'],
    [total % 60, 'second'],
  ];
  const shown = parts.filter(([value], index) => value > 0 || (index === 2 && total < 60));
  return shown
    .map(([value, unit]) => new Intl.NumberFormat(intlTag(language), { style: 'unit', unit }).format(value))
    .join(' ');
}

/** A count with the language's grouping (12,345; 12 345; 12.345). */
export function formatCount(count: number, language: string): string {
  return new Intl.NumberFormat(intlTag(language)).format(count);
}

/** The hour of a moment, as the language writes a time of day (14:00, 2 PM). */
export function formatHour(ms: number, language: string): string {
  return new Intl.DateTimeFormat(intlTag(language), { hour: 'numeric' }).format(ms);
}

/** A country or region's name (ISO 3166 code) in the language; the code when the browser has none. */
export function regionName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([intlTag(language)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
