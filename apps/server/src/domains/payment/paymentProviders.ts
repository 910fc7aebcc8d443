import { PaymentMethod } from '@smartlock/contract';
import type { PaymentProvider } from './paymentProvider';

/**
 * Which provider takes each payment method (spec section 9: 1 a Chinese mobile payment app, 2 a
 * Chinese social-app wallet, 3 an international provider): a configured real provider, else the
 * sandbox where it is allowed; a method with neither is not offered.
 */
export class PaymentProviders {
  private readonly byMethod = new Map<number, PaymentProvider>();
  private readonly byName = new Map<string, PaymentProvider>();

  constructor(configured: Partial<Record<number, PaymentProvider>>, sandbox: PaymentProvider | undefined) {
    for (const method of Object.values(PaymentMethod)) {
      const provider = configured[method] ?? sandbox;
      if (!provider) continue;
      this.byMethod.set(method, provider);
      this.byName.set(provider.name, provider);
    }
    if (sandbox) this.byName.set(sandbox.name, sandbox);
  }

  forMethod(method: number): PaymentProvider | undefined {
    return this.byMethod.get(method);
  }

  named(name: string): PaymentProvider | undefined {
    return this.byName.get(name);
  }

  /** The methods some provider takes. */
  get methods(): number[] {
    return [...this.byMethod.keys()];
  }
}
