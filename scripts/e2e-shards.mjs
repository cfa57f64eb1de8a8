// How scripts/e2e.mjs splits the end-to-end files into shards that run at once.

/**
 * `names` in at most `count` groups of about equal duration (`table`: seconds by file, as measured):
 * longest first, each to the group with the least so far, so the run ends when its longest group
 * does. A file not measured yet counts as the median one. The same files always make the same groups.
 */
export function splitByDuration(names, table, count) {
  const known = Object.values(table).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 1;
  const weight = (name) => table[name] ?? median;
  const groups = Array.from({ length: Math.max(1, Math.min(count, names.length)) }, () => ({ files: [], total: 0 }));
  for (const name of [...names].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const group = groups.reduce((least, each) => (each.total < least.total ? each : least));
    group.files.push(name);
    group.total += weight(name);
  }
  return groups;
}
