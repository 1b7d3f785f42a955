// Starting an authorization: ask the server for the marketplace's consent page (with a one-time
// state) and go there; the marketplace sends the seller back to /#/authorization.
import { storesApi } from '../api';

export async function startAuthorization(storeId: number): Promise<void> {
  const { authorizationUrl } = await storesApi.authorizationUrl(storeId);
  window.location.assign(authorizationUrl);
}
