import { SetMetadata } from '@nestjs/common';
import type { ApiTokenScope as Scope } from '@cda/shared';

export const API_TOKEN_SCOPE = 'apiTokens:scope';

/**
 * Opens a route to personal API tokens carrying `scope`. Routes without it refuse every API token
 * (403), whatever its scope: a token reaches the batch API and nothing else (not the back office,
 * payments, the profile or the tokens themselves), and a new route stays closed until opened here.
 */
export const AllowApiToken = (scope: Scope) => SetMetadata(API_TOKEN_SCOPE, scope);
