import { ApiProperty } from '@nestjs/swagger';
import { PasswordField } from '../../common/fields';

export class DeleteAccountDto {
  @ApiProperty({ description: 'A senha atual, como confirmação.' })
  @PasswordField('a sua senha para confirmar')
  password: string;
}
