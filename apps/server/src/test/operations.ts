import { type CallDefinition, lock, type RemoteOperation, RemoteOperationState } from '@smartlock/contract';
import { expect } from 'vitest';
import type { TestClient } from './harness';
import { dataOf } from './reply';

const OPEN: number[] = [RemoteOperationState.operating, RemoteOperationState.wait];

/** Follows an operation until it ends, reading it back as the console would. */
export async function operationEnd(
  client: TestClient,
  operationId: string,
  timeoutMs = 30_000,
): Promise<RemoteOperation> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reply = await client.call(lock.getRemoteOperation, { operationId });
    expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
    const operation = dataOf(reply);
    if (!OPEN.includes(operation.state)) return operation;
    if (Date.now() > deadline) throw new Error(`operation ${operationId} still open`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts a remote operation through the API and waits for its end. */
export async function operate(
  client: TestClient,
  call: CallDefinition,
  params: Record<string, string | number>,
): Promise<RemoteOperation> {
  const started = await client.call(call, params);
  expect(started.body.errorCode, JSON.stringify(started.body)).toBe(0);
  return operationEnd(client, (dataOf(started) as RemoteOperation).operationId);
}
