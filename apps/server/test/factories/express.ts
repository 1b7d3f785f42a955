// Factories of the express tests: the domain's chosen carriers through the API.
import type { TestApp } from '../harness.js';

export async function chooseCarriers(t: TestApp, token: string, codes: string[]) {
  const answer = await t.call('/myhome/expressCompany/addUserExpressCompany', { codes }, { token });
  if (!answer.body.success) throw new Error(`carriers not added: ${JSON.stringify(answer.body)}`);
  return answer.body.data as { id: number; code: string; version: number }[];
}
