/** Month and day boundaries of the back office and its reports are Brasília's, whatever the server's zone. */
export const ADMIN_TZ = 'America/Sao_Paulo';
