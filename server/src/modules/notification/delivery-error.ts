// Why one attempt at delivering a message failed, and whether another attempt could succeed.

export class DeliveryError extends Error {
  constructor(
    message: string,
    /**
     * true: trying again cannot help (a number the provider refuses, a mailbox that does not
     * exist, no provider configured): the row fails at once. false: the provider or the network
     * failed (5xx, a timeout, no connection): the row is retried later.
     */
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** A failure's text for outbox.last_error: short, one line, never a message's text. */
export function failureText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 500) || 'unknown error';
}
