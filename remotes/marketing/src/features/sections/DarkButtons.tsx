import { Button, type ButtonProps } from '@portal/shared/chakra';

/** The two buttons of the dark bands (hero, call to action): solid white, and a white outline. */
export function LightButton(props: ButtonProps) {
  return <Button size="lg" bg="white" color="brand.800" _hover={{ bg: 'brand.50' }} {...props} />;
}

export function OutlineLightButton(props: ButtonProps) {
  return (
    <Button size="lg" variant="outline" color="white" borderColor="whiteAlpha.700" _hover={{ bg: 'whiteAlpha.200' }} {...props} />
  );
}
