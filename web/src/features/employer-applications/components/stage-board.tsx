import { GripVertical, X } from 'lucide-react'
import { useId, useState, type DragEvent } from 'react'
import { Button } from '@/components/button'
import { cn } from '@/lib/cn'
import { percentText } from '@/lib/score-text'
import { useMediaQuery } from '@/lib/use-media-query'
import type { EmployerApplication, Stage } from '../api/applications'
import { boardColumns, type BoardColumn, type OwnStage } from '../board-columns'
import { MoveToStage } from './move-to-stage'
import { SelectBox } from './select-box'

type BoardProps = {
  applications: EmployerApplication[]
  busy: (application: EmployerApplication) => boolean
  onMove: (application: EmployerApplication, stage: Stage) => void
  onReject: (application: EmployerApplication) => void
  /** Whether a card is picked for a bulk action, and how to pick it; without them, no checkboxes. */
  isSelected?: (application: EmployerApplication) => boolean
  onSelect?: (application: EmployerApplication, selected: boolean) => void
}

type Actions = Omit<BoardProps, 'applications'>

/**
 * The loaded applications grouped by stage: columns on wide screens, where a card is dragged to
 * another stage; one stage at a time behind tabs on phones. A job's own stages sit inside the
 * column of the stage they follow. On both, each card's "Move to…" moves it without dragging,
 * and Reject opens the confirmation with its reason.
 */
export function StageBoard(props: BoardProps) {
  const wide = useMediaQuery('(min-width: 1024px)')
  return wide ? <Columns {...props} /> : <StageTabs {...props} />
}

/** Dragging state shared by a column and the job's own stages inside it. */
type Drag = {
  dragged: EmployerApplication | null
  setDragged: (a: EmployerApplication | null) => void
  over: string | null
  setOver: (update: (over: string | null) => string | null) => void
}

/** The props that make an element a drop target for `stage`. */
function dropTarget(drag: Drag, stage: string, onMove: Actions['onMove']) {
  const accepts = drag.dragged?.next_stages.some((s) => s.stage === stage) ?? false
  return {
    onDragOver: (e: DragEvent) => {
      if (!accepts) return
      e.preventDefault()
      e.stopPropagation()
      drag.setOver(() => stage)
    },
    onDragLeave: () => drag.setOver((o) => (o === stage ? null : o)),
    onDrop: (e: DragEvent) => {
      // Not a target for this card: the column around it may be.
      if (!accepts) return
      e.preventDefault()
      e.stopPropagation()
      drag.setOver(() => null)
      if (drag.dragged && accepts) onMove(drag.dragged, stage)
      drag.setDragged(null)
    },
  }
}

function Cards({ cards, drag, actions }: { cards: EmployerApplication[]; drag?: Drag; actions: Actions }) {
  return (
    <ul className="space-y-2">
      {cards.map((a) => (
        <li key={a.id}>
          <BoardCard
            application={a}
            draggable={drag !== undefined}
            onDragStart={() => drag?.setDragged(a)}
            onDragEnd={() => {
              drag?.setDragged(null)
              drag?.setOver(() => null)
            }}
            {...actions}
          />
        </li>
      ))}
    </ul>
  )
}

/** A job's own stage inside its column: a heading naming it and its job, its cards. */
function OwnStageGroup({ stage, drag, actions }: { stage: OwnStage; drag?: Drag; actions: Actions }) {
  return (
    // Dragging is a pointer shortcut: every card's "Move to…" select does the same by keyboard and touch.
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      aria-label={`${stage.label}, ${stage.jobTitle} (${stage.cards.length})`}
      {...(drag ? dropTarget(drag, stage.key, actions.onMove) : {})}
      className={cn(
        'mt-2 rounded-xl border border-dashed border-slate-300 p-2',
        drag?.over === stage.key && 'border-brand-400 bg-brand-100',
      )}
    >
      <h4 className="px-1 pb-1.5 text-xs font-semibold text-slate-700">
        {stage.label} <span className="font-normal text-slate-500">({stage.cards.length})</span>
        <span className="block truncate font-normal text-slate-500">{stage.jobTitle}</span>
      </h4>
      <Cards cards={stage.cards} drag={drag} actions={actions} />
    </section>
  )
}

function Columns({ applications, ...actions }: BoardProps) {
  const [dragged, setDragged] = useState<EmployerApplication | null>(null)
  const [over, setOverState] = useState<string | null>(null)
  const drag: Drag = { dragged, setDragged, over, setOver: setOverState }

  return (
    <div className="grid grid-cols-5 gap-3" aria-label="Applications by stage" role="group">
      {boardColumns(applications).map((column) => (
        // Dragging is a pointer shortcut: every card's "Move to…" select does the same by keyboard and touch.
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
        <section
          key={column.key}
          aria-label={`${column.label} (${column.count})`}
          {...dropTarget(drag, column.key, actions.onMove)}
          className={cn(
            'min-h-40 rounded-2xl bg-slate-100/70 p-2 transition',
            over === column.key && 'bg-brand-100 ring-2 ring-brand-400',
          )}
        >
          <h3 className="px-1 pb-2 text-sm font-semibold text-slate-700">
            {column.label} <span className="font-normal text-slate-500">({column.count})</span>
          </h3>
          <Cards cards={column.cards} drag={drag} actions={actions} />
          {column.own.map((stage) => (
            <OwnStageGroup key={stage.key} stage={stage} drag={drag} actions={actions} />
          ))}
        </section>
      ))}
    </div>
  )
}

function StageTabs({ applications, ...actions }: BoardProps) {
  const [selected, setSelected] = useState<string>('applied')
  const id = useId()
  const columns = boardColumns(applications)
  const column: BoardColumn | undefined = columns.find((c) => c.key === selected)
  return (
    <div>
      <div role="tablist" aria-label="Stages" className="flex gap-1 overflow-x-auto pb-2">
        {columns.map((c) => {
          const active = c.key === selected
          return (
            <button
              key={c.key}
              type="button"
              role="tab"
              id={`${id}-${c.key}`}
              aria-selected={active}
              aria-controls={`${id}-panel`}
              onClick={() => setSelected(c.key)}
              className={cn(
                'shrink-0 rounded-full px-3 py-1.5 text-sm font-medium whitespace-nowrap',
                active ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-700',
              )}
            >
              {c.label} ({c.count})
            </button>
          )
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${selected}`}>
        {column && column.count === 0 && column.own.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm text-slate-600">
            No applications in {column.label} among those loaded.
          </p>
        ) : (
          column && (
            <>
              <Cards cards={column.cards} actions={actions} />
              {column.own.map((stage) => (
                <OwnStageGroup key={stage.key} stage={stage} actions={actions} />
              ))}
            </>
          )
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
  isSelected,
  onSelect,
  draggable = false,
  onDragStart,
  onDragEnd,
}: {
  application: EmployerApplication
  busy: (application: EmployerApplication) => boolean
  onMove: (application: EmployerApplication, stage: Stage) => void
  onReject: (application: EmployerApplication) => void
  isSelected?: (application: EmployerApplication) => boolean
  onSelect?: (application: EmployerApplication, selected: boolean) => void
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
        {onSelect && (
          <span className="mt-1">
            <SelectBox application={a} selected={isSelected?.(a) ?? false} onSelect={onSelect} />
          </span>
        )}
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
