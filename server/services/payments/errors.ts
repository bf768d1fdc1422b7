import { DomainError } from '../../lib/errors.ts';

/** A payment provider did not answer as it should: the booking is kept and the traveller can try again. */
export class GatewayError extends DomainError {
  constructor(
    readonly provider: string,
    readonly detail: string,
  ) {
    super('upstream', `We could not reach ${provider} just now. Your booking is saved: try paying again in a moment.`);
  }
}
