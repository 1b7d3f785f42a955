// The payment connector (types.ts) and its one implementation in this build, the sandbox provider.
export * from './types.js';
export { signFields, signingText, verifyFields } from './signature.js';
export { createSandboxPayment, DEFAULT_SANDBOX_PAYMENT_KEY, SANDBOX_PAYMENT_PROVIDER, type SandboxPayment, type NotificationDelivery } from './sandbox/sandbox-payment.js';
