import { encodeSliderTrack, type TrackPoint, thinTrack } from '@smartlock/contract';

/**
 * Records how the slider check's piece was moved, for /user/isSliderValid's `track`: with a
 * pointer, the piece's x and the pointer's height against where the drag began, at each move;
 * with keys, the piece's x at each press. The server refuses what no hand makes.
 */
export class DragTrack {
  private points: TrackPoint[] = [];
  private startedAt: number | undefined;
  private originY = 0;
  private pointerY = 0;
  private x = 0;
  /** How the piece was last moved. */
  input: 'pointer' | 'key' | undefined;

  /** Starts over (a new puzzle, or a new drag after one was answered). */
  reset(x = 0): void {
    this.points = [];
    this.startedAt = undefined;
    this.input = undefined;
    this.x = x;
  }

  private add(now: number, y: number | null): void {
    this.startedAt ??= now;
    this.points.push({ t: Math.max(0, now - this.startedAt), x: this.x, y });
  }

  /** A pointer went down on the slider: a drag begins where it is. */
  pointerDown(clientY: number, now: number): void {
    this.input = 'pointer';
    this.originY = clientY;
    this.pointerY = 0;
    this.add(now, 0);
  }

  /** The pointer moved during a drag. */
  pointerMove(clientY: number, now: number): void {
    if (this.input !== 'pointer') return;
    this.pointerY = clientY - this.originY;
    this.add(now, this.pointerY);
  }

  /** A key is about to move the piece. */
  keyDown(): void {
    this.input = 'key';
  }

  /** The slider's value changed. */
  moved(x: number, now: number): void {
    this.x = Math.round(x);
    this.add(now, this.input === 'key' ? null : this.pointerY);
  }

  /** The wire form, thinned to the contract's limit. */
  encode(): string {
    return encodeSliderTrack(thinTrack(this.points));
  }
}
