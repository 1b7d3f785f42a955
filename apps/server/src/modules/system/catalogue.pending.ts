// The spec's calls (docs/spec/03-calls.md) that this build does not serve yet, each with the issue
// that will build it. The conformance test (catalogue.api.test.ts) fails when a call of the spec
// is neither served nor listed here, and when a call listed here is served: the list only shrinks.
export const PENDING_SPEC_CALLS: Readonly<Record<string, string>> = {
  // issue 12: route catalogue (a built area served elsewhere)

  // issue 14: after-sales

  // issue 15: purchasing and payables

  // issue 16: reports

  // issue 17: notices and administration

  // issue 19: reconciliation

  // issue 21: the rest of the built areas
};
