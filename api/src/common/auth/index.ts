/*
 * Who the caller is and what it may reach, for every module's controllers: the guards, the
 * authenticated-user type and the route decorators. Nothing here imports a module folder; the
 * services the guards need come through the abstract classes in ports.ts.
 */
export * from './auth-user';
export * from './ports';
export * from './bearer-token';
export * from './current-user.decorator';
export * from './api-token-scope.decorator';
export * from './jwt-auth.guard';
export * from './admin.guard';
export * from './maintenance.guard';
