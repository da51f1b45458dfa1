// Whether a Node version satisfies an engines range of the forms npm packages use most:
// `>=20.19`, `>= 18.0.0`, `^20.19.0 || >=22.12.0`, `20 || 22`, `*`. A form it does not know
// counts as not admitted, so the check errs towards saying so.

type Version = [number, number, number];

const parse = (text: string): Version | undefined => {
  const m = /^v?(\d+)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?/.exec(text.trim());
  if (!m) return undefined;
  const n = (part: string | undefined) => (part === undefined || part === 'x' || part === '*' ? 0 : Number(part));
  return [Number(m[1]), n(m[2]), n(m[3])];
};

const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

function satisfiesComparator(version: Version, comparator: string): boolean {
  const m = /^(>=|<=|>|<|=|\^|~)?\s*(.+)$/.exec(comparator.trim());
  if (!m) return false;
  const [, op = '', rest = ''] = m;
  if (rest === '*' || rest === 'x') return true;
  const target = parse(rest);
  if (!target) return false;
  const parts = rest
    .replace(/^v/, '')
    .split('.')
    .filter((p) => p !== 'x' && p !== '*').length;
  const c = compare(version, target);
  switch (op) {
    case '>=':
      return c >= 0;
    case '>':
      return c > 0;
    case '<=':
      return c <= 0;
    case '<':
      return c < 0;
    case '^':
      return c >= 0 && version[0] === target[0] && (target[0] !== 0 || version[1] === target[1]);
    case '~':
      return c >= 0 && version[0] === target[0] && (parts < 2 || version[1] === target[1]);
    default:
      // A bare version: as precise as it is written (`20` is every 20.x).
      return version.slice(0, parts).every((value, i) => value === target[i]);
  }
}

export function nodeAdmitted(nodeVersion: string, range: string): boolean {
  const version = parse(nodeVersion);
  if (!version) return false;
  return range.split('||').some((alternative) => {
    const text = alternative.trim();
    if (text === '' || text === '*') return true;
    const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(text);
    if (hyphen) return satisfiesComparator(version, `>=${hyphen[1]}`) && satisfiesComparator(version, `<=${hyphen[2]}`);
    return text
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => satisfiesComparator(version, comparator));
  });
}
