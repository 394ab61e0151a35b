import clsx from 'clsx';

/** The first letter of the username in a circle. */
export function UserAvatar({ username, className }: { username: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-100 text-sm font-semibold text-accent-700 uppercase',
        className,
      )}
    >
      {username.slice(0, 1)}
    </span>
  );
}
