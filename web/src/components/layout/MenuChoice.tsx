import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';

export interface MenuChoiceProps<V extends string> {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange(value: V): void;
}

/** A labelled one-of-several choice inside a dropdown menu (a menuitemradio group), e.g. the language. */
export function MenuChoice<V extends string>({ label, value, options, onChange }: MenuChoiceProps<V>) {
  return (
    <DropdownMenu.Group>
      <DropdownMenu.Label className="px-2.5 pt-2 pb-1 text-xs font-medium text-slate-500">{label}</DropdownMenu.Label>
      <DropdownMenu.RadioGroup value={value} onValueChange={(next) => onChange(next as V)}>
        {options.map((option) => (
          <DropdownMenu.RadioItem
            key={option.value}
            value={option.value}
            // Keeps the menu open so the effect of the choice is seen at once.
            onSelect={(event) => event.preventDefault()}
            className="flex cursor-default items-center gap-2.5 rounded-md py-1.5 pr-2.5 pl-8 text-sm text-slate-700 outline-none select-none data-[highlighted]:bg-slate-100 relative"
          >
            <DropdownMenu.ItemIndicator className="absolute left-2.5">
              <Check aria-hidden="true" className="size-4 text-accent-700" />
            </DropdownMenu.ItemIndicator>
            {option.label}
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
    </DropdownMenu.Group>
  );
}
