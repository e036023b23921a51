/**
 * Lets non-React code (the request client) navigate through the router without
 * importing it, which would pull every route into the login chunk.
 */
type Navigate = (to: string) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string): void {
  navigateImpl(to);
}
