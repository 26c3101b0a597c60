/*
 * Why an order line failed, as the history stores it (docs/product/subscription.md "Order history"), read by the
 * order history and by the closed order's view of the optimize screen: an unpaid balance; a text as the server wrote
 * it; an HTML answer without its tags; a JSON answer by its message or its code. Pure; each screen says it in its
 * own texts.
 */

export type OrderFailureSource = { type: 'JSON' | 'HTML' | 'TEXT' | 'CUSTOMER_DEBT'; message: string } | null;

export type OrderFailure = { kind: 'debt' } | { kind: 'unknown' } | { kind: 'code'; code: string } | { kind: 'text'; text: string };

const textOr = (text: string): OrderFailure => (text ? { kind: 'text', text } : { kind: 'unknown' });

export const orderFailure = (error: OrderFailureSource): OrderFailure => {
  if (!error) return { kind: 'unknown' };
  switch (error.type) {
    case 'CUSTOMER_DEBT':
      return { kind: 'debt' };
    case 'TEXT':
      return textOr(error.message.trim());
    case 'HTML':
      return textOr(
        error.message
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      );
    case 'JSON': {
      try {
        const parsed: unknown = JSON.parse(error.message);
        if (typeof parsed === 'object' && parsed !== null) {
          const record = parsed as Record<string, unknown>;
          if (typeof record.message === 'string' && record.message.trim()) return { kind: 'text', text: record.message.trim() };
          if (typeof record.code === 'string') return { kind: 'code', code: record.code };
        }
      } catch {
        // Not JSON after all: shown as it is below.
      }
      return textOr(error.message.trim());
    }
  }
};
