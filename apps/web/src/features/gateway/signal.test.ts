import { SignalGrade } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { signalView } from './signal';

describe('signal grade → bars', () => {
  it('lights one bar per grade', () => {
    expect(signalView(SignalGrade.strong)).toEqual({ key: 'signal.strong', bars: 3, tone: 'success' });
    expect(signalView(SignalGrade.medium)).toEqual({ key: 'signal.medium', bars: 2, tone: 'warning' });
    expect(signalView(SignalGrade.weak)).toEqual({ key: 'signal.weak', bars: 1, tone: 'error' });
  });
  it('shows an unknown or unexpected grade as no bars', () => {
    expect(signalView(SignalGrade.unknown).bars).toBe(0);
    expect(signalView(7).key).toBe('signal.unknown');
  });
});
