/**
 * Whether the player's browser asks the site to spare their data: the Save-Data setting (Chrome on
 * Android sends it with the system's data saver on), or a connection it measures as 2G. Read once
 * per screen; a browser that does not say counts as not asking.
 */
export function savesData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } })
    .connection;
  if (!connection) return false;
  return connection.saveData === true || connection.effectiveType === 'slow-2g' || connection.effectiveType === '2g';
}
