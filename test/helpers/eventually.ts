/** Wait until `check` holds, polling every 20 ms (for files or processes other programs change); fails after `ms`. */
export const eventually = async (check: () => boolean, what: string, ms = 10_000): Promise<void> => {
  const until = Date.now() + ms
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}
