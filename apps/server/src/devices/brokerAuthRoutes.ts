import type { FastifyInstance, FastifyRequest } from 'fastify';
import { safeEqual } from '../security/crypto';
import { BrokerAccess } from './brokerAccess';

/** Where an external broker asks (mosquitto-go-auth's HTTP backend: getuser, superuser, aclcheck). */
export const BROKER_AUTH_PATHS = {
  user: '/internal/mqtt/user',
  superuser: '/internal/mqtt/superuser',
  acl: '/internal/mqtt/acl',
} as const;

/** The access a check asks about: 1 read (a message delivered), 2 write, 3 both, 4 subscribe. */
const READ = 1;
const WRITE = 2;
const SUBSCRIBE = 4;

type Fields = Record<string, unknown>;
const text = (fields: Fields, name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : '');

/**
 * Lets an external MQTT broker apply the service's own access rules (BrokerAccess, the rules the
 * embedded broker applies): each gateway in with its own secret and to its own topics only, the
 * cloud everywhere. Registered only when MQTT_AUTH_TOKEN is set; every check must carry it as
 * `?token=` (kept out of the logs with the rest of the query). Answers 200 (allowed) or 403, in
 * JSON or form parameters alike; nothing here is a superuser (the topic checks decide).
 */
export function registerBrokerAuthRoutes(app: FastifyInstance, access: BrokerAccess, token: string): void {
  const allowed = (request: FastifyRequest) => safeEqual(String((request.query as Fields).token ?? ''), token);
  const fieldsOf = (request: FastifyRequest): Fields =>
    request.body && typeof request.body === 'object' ? (request.body as Fields) : {};
  const answer = (ok: boolean) => ({ statusCode: ok ? 200 : 403, body: { Ok: ok, Error: ok ? '' : 'refused' } });

  app.post(BROKER_AUTH_PATHS.user, async (request, reply) => {
    if (!allowed(request)) return reply.code(403).send(answer(false).body);
    const fields = fieldsOf(request);
    const admitted = await access.admit(text(fields, 'username'), text(fields, 'clientid'), text(fields, 'password'));
    const { statusCode, body } = answer(typeof admitted !== 'number');
    return reply.code(statusCode).send(body);
  });

  app.post(BROKER_AUTH_PATHS.superuser, async (_request, reply) => reply.code(403).send(answer(false).body));

  app.post(BROKER_AUTH_PATHS.acl, async (request, reply) => {
    if (!allowed(request)) return reply.code(403).send(answer(false).body);
    const fields = fieldsOf(request);
    const identity = BrokerAccess.identityOf(text(fields, 'username'));
    // A gateway's checks must come from its own session (client id = user name).
    const ownSession = identity && ('cloud' in identity || text(fields, 'clientid') === text(fields, 'username'));
    const topic = text(fields, 'topic');
    const acc = Number(fields.acc);
    let ok = Boolean(ownSession) && [READ, WRITE, READ | WRITE, SUBSCRIBE].includes(acc);
    if (ok && (acc & READ || acc === SUBSCRIBE)) ok = BrokerAccess.maySubscribe(identity, topic);
    if (ok && acc & WRITE) ok = BrokerAccess.mayPublish(identity, topic);
    const { statusCode, body } = answer(ok);
    return reply.code(statusCode).send(body);
  });
}
