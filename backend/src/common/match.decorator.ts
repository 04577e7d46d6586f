import { registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';

/** The property must equal another property of the same object (password confirmation). */
export function Match(property: string, options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'match',
      target: target.constructor,
      propertyName: propertyName as string,
      constraints: [property],
      options,
      validator: {
        validate(value: unknown, args: ValidationArguments) {
          return value === (args.object as Record<string, unknown>)[args.constraints[0] as string];
        },
      },
    });
  };
}
