import { GripVertical, X } from 'lucide-react'
import { useId, useState, type DragEvent } from 'react'
import { Button } from '@/components/button'
import { cn } from '@/lib/cn'
import { PIPELINE_STAGES } from '@/generated/catalogue'
import { percentText } from '@/lib/score-text'
import { useMediaQuery } from '@/lib/use-media-query'
import type { EmployerApplication, Stage } from '../api/applications'
import { MoveToStage } from './move-to-stage'

/** The board's columns: every stage an application on the list can be in (a rejected one leaves the list). */
const COLUMNS = PIPELINE_STAGES.filter((s) => s.key !== 'rejected')

type BoardProps = {
  applications: EmployerApplication[]
  busy: (application: EmployerApplication) => boolean
  onMove: (application: EmployerApplication, stage: Stage) => void
  onReject: (application: EmployerApplication) => void
}

/**
 * The loaded applications grouped by stage: columns on wide screens, where a card is dragged to
 * another stage; one stage at a time behind tabs on phones. On both, each card's "Move to…"
 * moves it without dragging, and Reject opens the confirmation with its reason.
 */
export function StageBoard(props: BoardProps) {
  const wide = useMediaQuery('(min-width: 1024px)')
  return wide ? <Columns {...props} /> : <StageTabs {...props} />
}

function inStage(applications: EmployerApplication[], stage: string) {
  return applications.filter((a) => a.stage === stage)
}

function Columns({ applications, ...actions }: BoardProps) {
  const [dragged, setDragged] = useState<EmployerApplication | null>(null)
  const [over, setOver] = useState<string | null>(null)
  const accepts = (stage: string) => dragged?.next_stages.some((s) => s.stage === stage) ?? false

  function drop(event: DragEvent, stage: Stage) {
    event.preventDefault()
    setOver(null)
    if (dragged && accepts(stage)) actions.onMove(dragged, stage)
    setDragged(null)
  }

  return (
    <div className="grid grid-cols-5 gap-3" aria-label="Applications by stage" role="group">
      {COLUMNS.map((column) => {
        const cards = inStage(applications, column.key)
        return (
          // Dragging is a pointer shortcut: every card's "Move to…" select does the same by keyboard and touch.
          // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
          <section
            key={column.key}
            aria-label={`${column.label} (${cards.length})`}
            onDragOver={(e) => {
              if (!accepts(column.key)) return
              e.preventDefault()
              setOver(column.key)
            }}
            onDragLeave={() => setOver((o) => (o === column.key ? null : o))}
            onDrop={(e) => drop(e, column.key)}
            className={cn(
              'min-h-40 rounded-2xl bg-slate-100/70 p-2 transition',
              over === column.key && 'bg-brand-100 ring-2 ring-brand-400',
            )}
          >
            <h3 className="px-1 pb-2 text-sm font-semibold text-slate-700">
              {column.label} <span className="font-normal text-slate-500">({cards.length})</span>
            </h3>
            <ul className="space-y-2">
              {cards.map((a) => (
                <li key={a.id}>
                  <BoardCard
                    application={a}
                    draggable
                    onDragStart={() => setDragged(a)}
                    onDragEnd={() => {
                      setDragged(null)
                      setOver(null)
                    }}
                    {...actions}
                  />
                </li>
              ))}
            </ul>
          </section>
        )
      })}
    </div>
  )
}

function StageTabs({ applications, ...actions }: BoardProps) {
  const [selected, setSelected] = useState<string>('applied')
  const id = useId()
  const cards = inStage(applications, selected)
  const label = COLUMNS.find((c) => c.key === selected)?.label ?? ''
  return (
    <div>
      <div role="tablist" aria-label="Stages" className="flex gap-1 overflow-x-auto pb-2">
        {COLUMNS.map((column) => {
          const count = inStage(applications, column.key).length
          const active = column.key === selected
          return (
            <button
              key={column.key}
              type="button"
              role="tab"
              id={`${id}-${column.key}`}
              aria-selected={active}
              aria-controls={`${id}-panel`}
              onClick={() => setSelected(column.key)}
              className={cn(
                'shrink-0 rounded-full px-3 py-1.5 text-sm font-medium whitespace-nowrap',
                active ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-700',
              )}
            >
              {column.label} ({count})
            </button>
          )
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${selected}`}>
        {cards.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm text-slate-600">
            No applications in {label} among those loaded.
          </p>
        ) : (
          <ul className="space-y-2">
            {cards.map((a) => (
              <li key={a.id}>
                <BoardCard application={a} {...actions} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}

function BoardCard({
  application: a,
  busy,
  onMove,
  onReject,
  draggable = false,
  onDragStart,
  onDragEnd,
}: {
  application: EmployerApplication
  busy: (application: EmployerApplication) => boolean
  onMove: (application: EmployerApplication, stage: Stage) => void
  onReject: (application: EmployerApplication) => void
  draggable?: boolean
  onDragStart?: () => void
  onDragEnd?: () => void
}) {
  const titleId = useId()
  return (
    // Dragging is a pointer shortcut: the "Move to…" select below does the same by keyboard and touch.
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <article
      aria-labelledby={titleId}
      draggable={draggable && a.next_stages.length > 0}
      onDragStart={(e) => {
        e.dataTransfer.setData('text/plain', a.id)
        e.dataTransfer.effectAllowed = 'move'
        onDragStart?.()
      }}
      onDragEnd={onDragEnd}
      className={cn('rounded-xl border border-slate-200 bg-white p-3 shadow-xs', draggable && 'cursor-grab')}
    >
      <div className="flex items-start gap-1.5">
        {draggable && <GripVertical aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />}
        <div className="min-w-0">
          <h4 id={titleId} className="truncate font-semibold text-slate-900">
            {a.candidate_name}
          </h4>
          <p className="truncate text-xs text-slate-600">{a.job_title}</p>
          <p className="text-xs font-semibold text-brand-700 tabular-nums">{percentText(a.score_percentage)}</p>
        </div>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-1.5">
        <MoveToStage application={a} disabled={busy(a)} onMove={onMove} compact />
        {a.status_bucket === 'pending' && (
          <Button
            variant="ghost"
            size="sm"
            disabled={busy(a)}
            onClick={() => onReject(a)}
            aria-label={`Reject ${a.candidate_name}`}
            className="h-8 px-2 text-slate-600 hover:text-red-700"
          >
            <X aria-hidden="true" />
            Reject
          </Button>
        )}
      </div>
    </article>
  )
}
