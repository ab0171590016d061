import { Link } from 'react-router';

export function Logo({ onClick }: { onClick?: () => void }) {
  return (
    <Link
      to="/"
      onClick={onClick}
      className="flex items-center gap-2.5 rounded-md text-[15px] font-semibold tracking-tight text-white outline-none focus-visible:ring-2 focus-visible:ring-violet-400"
    >
      <img src="/favicon.svg" alt="" className="size-7" />
      Renderlift
    </Link>
  );
}
