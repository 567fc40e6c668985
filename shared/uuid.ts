/** A UUID as the database stores ids: checked before a query, so an id that is no UUID is "not found", never an SQL error. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
