import type { Db } from '../../../db/client';
import { ApiError } from '../../../http/apiError';
import { randomToken, sha256 } from '../../../security/crypto';
import type { RateLimiter } from '../../../security/rateLimit';
import { checkDrag } from './dragCheck';
import { makePuzzle, PUZZLE } from './puzzle';
import {
  deletePuzzlesExpiredBefore,
  spendPuzzle,
  spendSliderToken,
  storePuzzle,
  storeSliderToken,
} from './sliderQueries';

/** How far from the gap an answer may land, in pixels. */
export const SLIDER_TOLERANCE_PX = 4;
const PUZZLE_TTL_MS = 2 * 60_000;
const TOKEN_TTL_MS = 2 * 60_000;

/**
 * The slider check: the server keeps each puzzle's answer; one answer per puzzle; a right
 * answer, dragged as a hand drags (dragCheck.ts), yields a token that one login or code request
 * accepts within two minutes.
 */
export class SliderService {
  constructor(
    private readonly db: Db,
    private readonly limiter: RateLimiter,
  ) {}

  async create(ip: string) {
    const { count } = await this.limiter.hit(`slider:ip:${ip}`, 10 * 60_000);
    if (count > 60) throw new ApiError('tooManyRequests');
    const puzzle = makePuzzle();
    const id = randomToken(18);
    await storePuzzle(this.db, { id, answerX: puzzle.x, expiresAt: new Date(Date.now() + PUZZLE_TTL_MS) });
    if (Math.random() < 0.02) await this.prune();
    return {
      sliderId: id,
      backgroundImage: `data:image/png;base64,${puzzle.background.toString('base64')}`,
      pieceImage: `data:image/png;base64,${puzzle.piece.toString('base64')}`,
      width: PUZZLE.width,
      height: PUZZLE.height,
      pieceSize: PUZZLE.piece,
      pieceY: puzzle.y,
      expiresIn: PUZZLE_TTL_MS / 1000,
    };
  }

  /**
   * Checks an answer and the drag that gave it (a drag no hand makes fails like a wrong answer).
   * The puzzle is spent whatever the answer.
   */
  async answer(sliderId: string, x: number, track: string | undefined) {
    const row = await spendPuzzle(this.db, sliderId);
    if (!row) throw new ApiError('sliderExpired', {}, 'unknown, answered or expired puzzle');
    if (Math.abs(x - row.answerX) > SLIDER_TOLERANCE_PX) throw new ApiError('sliderFailed');
    const drag = checkDrag(track, x, PUZZLE.width - PUZZLE.piece, Number(row.servedMs));
    // Which rule refused the drag is not said: it would teach a script what to fake.
    if (!drag.ok) throw new ApiError('sliderFailed');
    const token = randomToken(24);
    await storeSliderToken(this.db, sliderId, sha256(token), new Date(Date.now() + TOKEN_TTL_MS));
    return { sliderToken: token, expiresIn: TOKEN_TTL_MS / 1000 };
  }

  /** Spends a slider token; false when it is unknown, used or expired. */
  async consumeToken(token: string | undefined): Promise<boolean> {
    if (!token) return false;
    return spendSliderToken(this.db, sha256(token));
  }

  async prune(): Promise<void> {
    await deletePuzzlesExpiredBefore(this.db, new Date(Date.now() - 10 * 60_000));
  }
}
