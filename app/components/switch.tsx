import * as RadixSwitch from '@radix-ui/react-switch'
import { useId } from 'react'
import { cx } from '~/utils/misc'

/**
 * An on/off switch (Radix: a button with role="switch", toggled by click, Space or Enter) with a
 * visible label. `accessibleName` replaces the label for assistive technology when the visible
 * label alone is ambiguous (several items on one page).
 */
export function Switch({
	label,
	accessibleName,
	checked,
	onCheckedChange,
	disabled,
	className,
}: {
	label: string
	accessibleName?: string
	checked: boolean
	onCheckedChange: (checked: boolean) => void
	disabled?: boolean
	className?: string
}) {
	const id = useId()
	return (
		<div className={cx('inline-flex items-center gap-2.5', className)}>
			<RadixSwitch.Root
				id={id}
				checked={checked}
				onCheckedChange={onCheckedChange}
				disabled={disabled}
				aria-label={accessibleName}
				className={cx(
					'relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors',
					'data-[state=checked]:bg-brand bg-[#cfcbdb] disabled:cursor-not-allowed disabled:opacity-60',
				)}
			>
				<RadixSwitch.Thumb className="pointer-events-none block size-6 translate-x-0 rounded-full bg-white shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-5 rtl:data-[state=checked]:-translate-x-5" />
			</RadixSwitch.Root>
			<label htmlFor={id} className="cursor-pointer text-sm font-medium select-none">
				{label}
			</label>
		</div>
	)
}
