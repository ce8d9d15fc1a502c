/** The time source of every time rule (code expiry, lockouts, captcha life); tests pass their own. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

declare module 'fastify' {
  interface FastifyInstance {
    /** The current time from the app's clock (BuildAppOptions.clock). */
    now: Clock;
  }
}
