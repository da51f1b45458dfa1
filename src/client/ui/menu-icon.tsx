/**
 * Lucide's "menu" icon drawn by hand: the header is hydrated right after the first paint, and
 * lucide-react's icon factory would add 1.5 KB to the first view for three lines.
 */
export function MenuIcon({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d="M4 5h16" />
      <path d="M4 12h16" />
      <path d="M4 19h16" />
    </svg>
  );
}
