/** The authorized-administrator screens. */
export const ADMIN_HOME = '/auth/home';
export const ADMIN_CREATE = '/auth/create';
