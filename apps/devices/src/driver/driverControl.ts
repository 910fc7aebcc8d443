import { z } from 'zod';
import { INJECTABLE_FAILURES } from './driverDevices';
import type { DriverControl } from './driverServer';

const device = z.string().min(1).max(50);

/** What a test can tell the simulated driver over stdin, one JSON object per line (docs/driver.md). */
export const driverControlSchema = z.discriminatedUnion('do', [
  z.object({ do: z.literal('unplug'), device }),
  z.object({ do: z.literal('plug'), device }),
  /** The next request to the device fails (deviceConnectionFailed unless `error` says timeout). */
  z.object({ do: z.literal('fail'), device, error: z.enum(INJECTABLE_FAILURES).optional() }),
  /** Lays the card with this number on the encoder (what the simulator wrote on it before is still there). */
  z.object({ do: z.literal('card'), number: z.string().regex(/^[0-9]{1,20}$/, 'digits only') }),
  z.object({ do: z.literal('noCard') }),
  z.object({ do: z.literal('status') }),
]) satisfies z.ZodType<DriverControl>;

/** Reads one control line: the command, or why it is not one. */
export function parseDriverControlLine(
  line: string,
): { ok: true; command: DriverControl } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return { ok: false, error: 'not JSON' };
  }
  const parsed = driverControlSchema.safeParse(json);
  if (parsed.success) return { ok: true, command: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, error: issue ? `${issue.path.join('.') || 'line'}: ${issue.message}` : 'not a command' };
}
