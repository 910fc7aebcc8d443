import { SignalGrade } from '@smartlock/contract';

export interface SignalView {
  /** i18n key of the grade's name. */
  key: string;
  /** Bars lit, of three. */
  bars: 0 | 1 | 2 | 3;
  tone: 'success' | 'warning' | 'error' | 'none';
}

/** A signal grade as bars: three strong, two medium, one weak, none unknown. */
export function signalView(grade: number): SignalView {
  switch (grade) {
    case SignalGrade.strong:
      return { key: 'signal.strong', bars: 3, tone: 'success' };
    case SignalGrade.medium:
      return { key: 'signal.medium', bars: 2, tone: 'warning' };
    case SignalGrade.weak:
      return { key: 'signal.weak', bars: 1, tone: 'error' };
    default:
      return { key: 'signal.unknown', bars: 0, tone: 'none' };
  }
}
