// What the rest of the app uses of sign-in: the signed-in user (useAuth), the server's sign-in settings,
// and the provider and route guards the router puts around the pages. Tests also build an AuthContext
// value by hand with a RedirectGuard.
export { AuthContext, useAuth, type AuthContextValue } from './auth-context';
export { AuthProvider } from './auth-provider';
export { useAuthConfig } from './api/get-auth-config';
export { PublicOnlyRoute } from './components/public-only-route';
export { RouteGuard } from './components/route-guard';
export { RedirectGuard } from './redirect-guard';
