// What every service of the orders area takes from the caller's session: the domain its calls are
// scoped to, and the actor its operation logs name (the platform's, platform/caller.ts).
export { actorOf, domainOf } from '../../platform/caller.js';
