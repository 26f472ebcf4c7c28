import {
  BarChart3,
  Brain,
  Briefcase,
  Code,
  Database,
  GraduationCap,
  Headphones,
  Megaphone,
  Package,
  Palette,
  PenTool,
  Server,
  Shield,
  Stethoscope,
  TrendingUp,
  Users,
  type LucideIcon,
} from 'lucide-react'

/** The icons the core's `roleStyle` names (core `role_style.rs`), imported one by one so the rest stay out of the bundle. */
const ICONS: Record<string, LucideIcon> = {
  BarChart3,
  Brain,
  Briefcase,
  Code,
  Database,
  GraduationCap,
  Headphones,
  Megaphone,
  Package,
  Palette,
  PenTool,
  Server,
  Shield,
  Stethoscope,
  TrendingUp,
  Users,
}

/** The role icon named by the core; the briefcase (the core's default) for a name it does not know. */
export function RoleIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name] ?? Briefcase
  return <Icon aria-hidden="true" className={className} />
}
