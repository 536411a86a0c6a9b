// The Actor is made by the auth plugin (plugins/actor.ts); areas import it from here or from there.
export { hasAnyRole, systemActor, userIdOf, type Actor } from '@/plugins/actor';
