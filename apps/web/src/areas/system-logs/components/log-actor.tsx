import { Bot, UserX } from 'lucide-react';
import { ROLE_LABELS } from '@app/shared/roles';
import type { TSystemLogActor } from '@app/shared/school';

/** "Quản trị viên · quantri@…": the second line under a person's name. */
export function actorDetail(actor: TSystemLogActor): string {
  return [actor.role ? ROLE_LABELS[actor.role] : null, actor.email].filter(Boolean).join(' · ');
}

/** Who wrote an entry: a person's name with their role and e-mail, or a job, the system, a deleted account. */
export function LogActor({ actor }: { actor: TSystemLogActor }) {
  if (actor.kind === 'user') {
    const detail = actorDetail(actor);
    return (
      <div className="min-w-0">
        <p>{actor.name}</p>
        {detail ? <p className="text-xs break-all text-muted">{detail}</p> : null}
      </div>
    );
  }
  const Icon = actor.kind === 'deleted' ? UserX : Bot;
  return (
    <p className="flex items-center gap-1.5 text-muted">
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {actor.name}
    </p>
  );
}
