/** Ports of the browser tests' mail catcher, derived from E2E_PORT so parallel runs never share one. */
export function e2eMailPorts(env: Record<string, string | undefined> = process.env) {
  const port = Number(env.E2E_PORT ?? 4173);
  return { smtp: port + 20_000, reader: port + 21_000 };
}

/** Port of the payment providers' stand-ins (tests/support/gateways.ts), also from E2E_PORT. */
export function e2eGatewayPort(env: Record<string, string | undefined> = process.env) {
  return Number(env.E2E_PORT ?? 4173) + 22_000;
}
